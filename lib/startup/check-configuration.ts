import { checkConfig, configErrorMessage } from "@/lib/config-check";
import { log } from "@/lib/log";

/** The production start-up check (Node runtime only): warnings are logged; problems are logged,
 *  written to stderr as one message naming every one, and stop the process with status 1. */
// Env exception (docs/architecture.md): this check runs before lib/env.ts may load (whose import
// would throw its own, shorter message first), over the whole raw environment.
export function checkConfigurationAtStart(source: NodeJS.ProcessEnv = process.env) {
  const { problems, warnings } = checkConfig(source);
  for (const warning of warnings) log.warn({ source: "config" }, warning);
  if (problems.length === 0) return;
  const message = configErrorMessage(problems);
  log.fatal({ source: "config", problems }, message);
  process.stderr.write(message + "\n");
  process.exit(1);
}

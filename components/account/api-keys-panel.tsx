"use client";

import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, RefreshCw, Trash2 } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { toast } from "@/hooks/use-toast";
import { apiJson, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { formatDate, formatDateTime } from "@/lib/rules/format";
import { checkLazily } from "@/components/forms/use-light-form";
import { CopyLink } from "@/components/account/copy-link";
import type { ApiKeyDto } from "@/lib/api-keys/manage-api-keys";
import { RowAction } from "@/components/ui/row-action";

// API keys (issue 27): create (name + scope), shown once; revoke; rotate (a new key, the old one
// stops at once). The list shows only the first characters of each key.

type Created = { key: string; apiKey: ApiKeyDto; message: string };

// The form's zod schema is imported when the form is first focused, not with the page (issue 23).
const loadSchema = () => import("@/lib/validation/api-keys").then((m) => m.createApiKeySchema);

export function ApiKeysPanel({ initial }: { initial?: { keys: ApiKeyDto[] } }) {
  const queryClient = useQueryClient();
  const nameId = useId();
  const scopeId = useId();
  const keys = useQuery<{ keys: ApiKeyDto[] }>({ queryKey: queryKeys.apiKeys, initialData: initial });
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"read" | "write">("write");
  const [formError, setFormError] = useState<string | null>(null);
  const [shown, setShown] = useState<Created | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
  const failed = (title: string) => (error: unknown) => toast({ variant: "destructive", title, description: errorMessage(error) });

  const create = useMutation({
    mutationFn: (input: { name: string; scope: string }) => apiJson<Created>("POST", "/api/api-keys", input),
    onSuccess: (created) => {
      setShown(created);
      setName("");
      void refresh();
    },
    onError: failed("could not create the key"),
  });
  const rotate = useMutation({
    mutationFn: (k: ApiKeyDto) => apiJson<Created>("POST", `/api/api-keys/${k.id}/rotate`),
    onSuccess: (created) => {
      setShown(created);
      void refresh();
    },
    onError: failed("could not rotate the key"),
  });
  const revoke = useMutation({
    mutationFn: (k: ApiKeyDto) => apiJson("DELETE", `/api/api-keys/${k.id}`),
    onSuccess: (_r, k) => {
      toast({ title: "API key revoked", description: `"${k.name}" no longer works.` });
      void refresh();
    },
    onError: failed("could not revoke the key"),
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = await checkLazily(loadSchema, { name, scope });
    if ("errors" in checked) return setFormError(Object.values(checked.errors)[0] ?? "Please check the form");
    setFormError(null);
    create.mutate(checked.data);
  };

  return (
    <div className="grid gap-4">
      <h3 className="text-base font-semibold">API keys</h3>
      {shown && (
        <Alert>
          <KeyRound aria-hidden />
          <AlertTitle>{shown.message}</AlertTitle>
          <AlertDescription>
            <CopyLink label={`key "${shown.apiKey.name}" (${shown.apiKey.scope})`} value={shown.key} buttonLabel="copy key" />
            <Button type="button" size="sm" variant="outline" onClick={() => setShown(null)}>
              I have copied it
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} onFocus={() => void loadSchema()} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={nameId}>key name</Label>
          <Input id={nameId} value={name} onChange={(e) => setName(e.target.value)} placeholder="front till" maxLength={60} aria-invalid={formError ? true : undefined} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={scopeId}>scope</Label>
          <select id={scopeId} value={scope} onChange={(e) => setScope(e.target.value as "read" | "write")} className="h-9 rounded-md border bg-background px-2 text-sm">
            <option value="write">read and write</option>
            <option value="read">read only</option>
          </select>
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "creating..." : "create key"}
        </Button>
        {formError && (
          <p role="alert" className="text-sm text-destructive sm:col-span-3">
            {formError}
          </p>
        )}
      </form>
      {keys.isError ? (
        <p role="alert" className="text-sm text-destructive">
          could not load your API keys: {errorMessage(keys.error)}
        </p>
      ) : keys.data && keys.data.keys.length > 0 ? (
        <Table>
          <TableColumns columns={["name", "key", "scope", "created", "last used", { label: "actions", className: "text-right" }]} />
          <TableBody>
            {keys.data.keys.map((k) => (
              <TableRow key={k.id}>
                <TableCell className="font-medium">{k.name}</TableCell>
                <TableCell className="font-mono text-xs">{k.prefix}…</TableCell>
                <TableCell>{k.scope === "write" ? "read and write" : "read only"}</TableCell>
                <TableCell>{formatDate(k.createdAt)}</TableCell>
                <TableCell>{k.revokedAt ? `revoked ${formatDate(k.revokedAt)}` : k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "never"}</TableCell>
                <TableCell className="text-right">
                  {!k.revokedAt && (
                    <div className="flex justify-end gap-1">
                      <RowAction icon={RefreshCw} label="rotate" onClick={() => rotate.mutate(k)} disabled={rotate.isPending} aria-label={`rotate ${k.name}`} />
                      <RowAction icon={Trash2} label="revoke" destructive onClick={() => revoke.mutate(k)} disabled={revoke.isPending} aria-label={`revoke ${k.name}`} />
                    </div>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : keys.data ? (
        <p className="text-sm text-muted-foreground">no API keys yet.</p>
      ) : null}
    </div>
  );
}

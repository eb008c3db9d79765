/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { AUTOMATION_LABELS } from "@/lib/automations/automation-rules";

// Issue 20: one case for headings (docs/decisions.md "Heading case"). Every page heading (h1, h2),
// card title and dialog title written in components/ and app/ is lowercase, like the spec's own
// headings ("transaction hub", "welcome a new legend!", "access restricted"); capitals only for
// acronyms (QR, SMS, API), product and brand names, and the spec's few quoted Title Case titles.
//
// The scan reads the TypeScript syntax tree: the literal text inside <h1>, <h2>, <CardTitle>,
// <DialogTitle>, <AlertDialogTitle> (plain text, strings, both sides of a ?:, template text), and
// the literal passed to a component that renders one of its props in such a heading
// (<FormDialog title="...">, <StepHeader title="...">...), found from the components themselves.

const ROOT = path.resolve(__dirname, "../..");
const HEADINGS = new Set(["h1", "h2", "CardTitle", "DialogTitle", "AlertDialogTitle"]);

/** Title Case the spec quotes as the exact title of a screen or dialog. */
const SPEC_TITLES = new Set([
  "404 Page Not Found", // spec 1 section 2, spec 3 section 2: "titled '404 Page Not Found'"
  "Scan Membership QR Code", // spec 2 section 2.3: 'Titled "Scan Membership QR Code"'
]);

/** Names that keep their capitals inside a lowercase heading. */
const PROPER_NOUNS = new Set(["Apple", "Google", "Wallet", "Stripe", "Loyalty", "Legends"]);

/** The words of a heading that break the rule (empty when it follows it). */
export function caseProblems(text: string): string[] {
  const trimmed = text.replace(/\s+/g, " ").trim();
  if (SPEC_TITLES.has(trimmed)) return [];
  return trimmed
    .split(/[\s/]+/)
    .map((word) => word.replace(/&[a-z]+;/g, "").replace(/[^A-Za-z0-9'’-]/g, ""))
    .filter((word) => /[A-Z]/.test(word))
    .filter((word) => !/^[A-Z0-9]{2,}s?$/.test(word) && !PROPER_NOUNS.has(word));
}

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) walk(rel, out);
    else if (e.name.endsWith(".tsx")) out.push(rel);
  }
  return out;
}

const tagName = (node: ts.JsxOpeningLikeElement) => node.tagName.getText();

/** The literal texts an expression can produce: strings, both branches of ?:, template text. */
function literals(node: ts.Node | undefined): string[] {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken) return [...literals(node.left), ...literals(node.right)];
  if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node)) return literals(node.expression);
  return [];
}

/** The name of the component a node is written in (function or const), or null. */
function enclosingComponent(node: ts.Node): string | null {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isFunctionDeclaration(n) && n.name) return n.name.text;
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) return n.name.text;
  }
  return null;
}

type Found = { file: string; line: number; text: string };

const files = ["components", "app"].flatMap((d) => walk(d));
const trees = files.map((file) => ({ file, tree: ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX) }));

function visit(tree: ts.SourceFile, fn: (node: ts.Node) => void) {
  const go = (node: ts.Node) => {
    fn(node);
    ts.forEachChild(node, go);
  };
  go(tree);
}

// 1. Headings written out, and the components that pass a prop (`{title}`) into a heading.
const headings: Found[] = [];
const titleProps = new Map<string, Set<string>>(); // component -> props it renders as a heading
for (const { file, tree } of trees) {
  visit(tree, (node) => {
    if (!ts.isJsxElement(node) || !HEADINGS.has(tagName(node.openingElement))) return;
    const line = tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const texts: string[] = [];
    for (const child of node.children) {
      if (ts.isJsxText(child)) texts.push(child.text);
      else if (ts.isJsxExpression(child)) {
        texts.push(...literals(child.expression));
        if (child.expression && ts.isIdentifier(child.expression)) {
          const component = enclosingComponent(node);
          if (component) titleProps.set(component, (titleProps.get(component) ?? new Set()).add(child.expression.text));
        }
      }
    }
    const text = texts.join(" ").replace(/\s+/g, " ").trim();
    if (text) headings.push({ file, line, text });
  });
}

// 2. The literals handed to those components' heading props.
for (const { file, tree } of trees) {
  visit(tree, (node) => {
    if (!ts.isJsxSelfClosingElement(node) && !ts.isJsxOpeningElement(node)) return;
    const props = titleProps.get(tagName(node));
    if (!props) return;
    for (const attr of node.attributes.properties) {
      if (!ts.isJsxAttribute(attr) || !props.has(attr.name.getText()) || !attr.initializer) continue;
      const line = tree.getLineAndCharacterOfPosition(attr.getStart()).line + 1;
      for (const text of literals(attr.initializer)) if (text.trim()) headings.push({ file, line, text: text.trim() });
    }
  });
}

describe("heading case (issue 20)", () => {
  it("the rule: lowercase, with acronyms, brand names and the spec's quoted titles kept", () => {
    expect(caseProblems("transaction hub")).toEqual([]);
    expect(caseProblems("API & webhooks")).toEqual([]);
    expect(caseProblems("add to Apple Wallet")).toEqual([]);
    expect(caseProblems("404 Page Not Found")).toEqual([]);
    expect(caseProblems("Scan Membership QR Code")).toEqual([]);
    expect(caseProblems("Account Management")).toEqual(["Account", "Management"]);
    expect(caseProblems("Reset your password")).toEqual(["Reset"]);
  });

  it("finds the headings (the scan is not silently empty)", () => {
    const texts = headings.map((h) => h.text);
    expect(texts).toEqual(expect.arrayContaining(["transaction hub", "404 Page Not Found", "Scan Membership QR Code", "welcome a new legend!"]));
    expect(titleProps.get("FormDialog")).toEqual(new Set(["title"]));
    expect(headings.length).toBeGreaterThan(80);
  });

  it("every page heading, card title and dialog title in components/ and app/ follows the rule", () => {
    const wrong = headings.filter((h) => caseProblems(h.text).length > 0).map((h) => `${h.file}:${h.line} "${h.text}"`);
    expect(wrong).toEqual([]);
  });

  it("titles that come from code rather than markup follow it too (the automation cards)", () => {
    const wrong = Object.values(AUTOMATION_LABELS).map((l) => l.title).filter((t) => caseProblems(t).length > 0);
    expect(wrong).toEqual([]);
  });
});

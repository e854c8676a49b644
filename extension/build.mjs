// Bundles the extension into dist/: each entry point as one classic script (iife: content
// scripts, injected scripts and the worker are not modules), plus the static files and axe-core.
import { build } from "esbuild";
import { cpSync, mkdirSync, rmSync } from "node:fs";

const dist = new URL("./dist/", import.meta.url).pathname;
const entries = ["background", "inject", "relay", "popup", "options", "page-commands", "sidepanel"];
const staticFiles = [
  "manifest.json", "defaults.json", "popup.html", "options.html", "sidepanel.html", "ui.css", "panel.css",
];

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

await build({
  entryPoints: Object.fromEntries(entries.map((name) => [name, `src/${name}.ts`])),
  outdir: dist,
  bundle: true,
  format: "iife",
  target: "chrome120",
  logLevel: "warning",
});
for (const file of staticFiles) cpSync(`src/${file}`, `${dist}${file}`);
// axe-core goes in as published, injected into pages only when an audit asks for it.
cpSync("node_modules/axe-core/axe.min.js", `${dist}axe.min.js`);

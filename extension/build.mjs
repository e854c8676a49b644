// Bundles the extension into dist/: each entry point as one classic script (iife: content
// scripts and the worker are not modules), plus the static files.
import { build } from "esbuild";
import { cpSync, mkdirSync, rmSync } from "node:fs";

const dist = new URL("./dist/", import.meta.url).pathname;
const entries = ["background", "inject", "relay", "popup", "options"];
const staticFiles = ["manifest.json", "defaults.json", "popup.html", "options.html", "ui.css"];

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

// Bundles the extension into dist/: each entry point as one classic script, plus static files.
import { build } from "esbuild";
import { cpSync, mkdirSync, rmSync } from "node:fs";

const dist = new URL("./dist/", import.meta.url).pathname;
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

await build({
  entryPoints: { background: "src/background.ts" },
  outdir: dist,
  bundle: true,
  format: "iife",
  target: "chrome120",
  logLevel: "warning",
});
cpSync("src/manifest.json", `${dist}manifest.json`);

// Builds the console into internal/console/dist, which the Go binary
// embeds (scripts/console.sh runs this; --check fails when the committed
// output differs from a fresh build).
import { defineConfig } from "vite";

export default defineConfig({
  base: "/console/",
  esbuild: { jsx: "automatic", jsxImportSource: "preact", legalComments: "none" },
  resolve: {
    alias: { "@genie/client": new URL("../clients/ts/src/index.ts", import.meta.url).pathname },
    // The generated client lives in clients/ts; its one dependency comes
    // from this package's lockfile.
    dedupe: ["openapi-fetch"],
  },
  build: {
    outDir: "../internal/console/dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    assetsInlineLimit: 0,
  },
});

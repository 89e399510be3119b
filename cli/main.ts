#!/usr/bin/env node
// The aios-comm command line, as tsc builds it: cli/run.ts. `npm run build` replaces dist/cli/main.js with the bundle
// of cli/run.ts (cli/bundle.mjs), which is what the package's bin, the services and the tests run.
import './run.js'

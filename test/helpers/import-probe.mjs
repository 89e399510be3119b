// Loaded with node --import: records every @opentelemetry module this process imports, one URL a line, in the file
// AIOS_IMPORT_LOG names (the hooks run in the loader's thread; they only watch, never change a resolution).
import { register } from 'node:module'

register('./import-probe-hooks.mjs', import.meta.url)

// Loaded with node --import: records every module this process imports (ES imports, and the CommonJS packages they
// reach by import), one URL a line, in the file AIOS_IMPORT_LOG names. The hooks run in the loader's thread; they
// only watch, never change a resolution.
import { register } from 'node:module'

register('./import-probe-hooks.mjs', import.meta.url)

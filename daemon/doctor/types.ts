// The doctor's report: named checks, each OK, WARN (OK, with something to do soon) or FAIL, with one line of detail
// and, for a warning or a failure, one line of fix.
export interface DoctorCheck {
  name: string
  ok: boolean
  /** OK now, but needs doing soon (an endorsement about to expire). */
  warn?: true
  detail: string
  fix?: string
}

export interface DoctorReport {
  ok: boolean
  checks: DoctorCheck[]
}

export const pass = (name: string, detail: string): DoctorCheck => ({ name, ok: true, detail })
export const warn = (name: string, detail: string, fix: string): DoctorCheck => ({ name, ok: true, warn: true, detail, fix })
export const fail = (name: string, detail: string, fix: string): DoctorCheck => ({ name, ok: false, detail, fix })

export function report (checks: DoctorCheck[]): DoctorReport {
  return { ok: checks.every(c => c.ok), checks }
}

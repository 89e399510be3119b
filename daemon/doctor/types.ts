// The doctor's report: named checks, each OK or FAIL with one line of detail and, for a failure, one line of fix.
export interface DoctorCheck {
  name: string
  ok: boolean
  detail: string
  fix?: string
}

export interface DoctorReport {
  ok: boolean
  checks: DoctorCheck[]
}

export const pass = (name: string, detail: string): DoctorCheck => ({ name, ok: true, detail })
export const fail = (name: string, detail: string, fix: string): DoctorCheck => ({ name, ok: false, detail, fix })

export function report (checks: DoctorCheck[]): DoctorReport {
  return { ok: checks.every(c => c.ok), checks }
}

// Actor handles: short, lowercase, safe in file names, tmux lines and URLs.

export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9._-]{0,62}$/

export function isValidHandle (handle: unknown): handle is string {
  return typeof handle === 'string' && HANDLE_PATTERN.test(handle)
}

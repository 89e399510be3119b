// One line of text for any thrown value: errors from dependencies are not always Error instances with messages.
export function errorText (err: unknown): string {
  if (err instanceof Error) return (err.message !== '' ? err.message : err.name).split('\n')[0]
  if (typeof err === 'object' && err !== null && 'message' in err) return String((err as { message: unknown }).message).split('\n')[0]
  return String(err).split('\n')[0]
}

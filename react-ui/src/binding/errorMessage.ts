/**
 * The message of a core error (tagged errors carry the catalogue's text), or of anything else thrown. Here, not
 * in the modal, so the hooks of the first paint share it without loading the modal's code.
 */
export const errorMessage = (error: unknown): string =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string"
    ? error.message
    : String(error)

// What createAppKit's sign-in client loads on first use, as one chunk (one lazy boundary, not two).

export { SiwxSessionStore } from "./SiwxSessionStore"
export { siwxClient } from "./siwxClientLayer"

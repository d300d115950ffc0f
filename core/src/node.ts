// Node-only entry (`@appkit/core/node`): modules that import node: builtins, kept out of the browser build.
export { fileStorage } from "./storage/file"

export { browserStorage, fromWebStorage, type WebStorage } from "./browser"
export { fromMap, readJson, Storage, writeJson } from "./Storage"

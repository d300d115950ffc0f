export { fromMap, readJson, Storage, writeJson } from "./Storage"

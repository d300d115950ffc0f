/**
 * What a browser bundle of the repo's packages resolves their exports with: the TypeScript sources first
 * ("@appkit/source", the repo-only condition every workspace package's exports carry), then what a dApp's
 * bundler would pick from the published packages.
 */
export const browserSourceConditions = ["@appkit/source", "browser", "import", "default"]

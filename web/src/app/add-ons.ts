// Workspaces that add pages, menu entries and translations to the app, one
// re-export each; `add-on.ts` lists them and the router keeps their pages for
// administrators. Deleting a line builds the app without that workspace.
export {}
export { templateKit } from '@souk/templates'

// Named alias of the catch-all page so links can target the not-found screen directly.
export { default, meta } from '../../[...error]'

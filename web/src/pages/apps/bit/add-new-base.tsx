// The base listing-creation route some sites link to; same form as /add-new.
export { default, meta } from '../../add-new'

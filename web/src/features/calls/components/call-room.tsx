// The call screen loads the room lazily from here; the room lives in ../room/.
export { default } from '../room'
export type { CallRoomProps } from '../room'

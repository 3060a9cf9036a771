// The in-call room: tiles, controls, devices, layout and the encryption status.
export { default } from './call-room'
export type { CallRoomProps } from './call-room'

import en, { type DemoUiMessages } from './en'

// Placeholder until translated.
const br: DemoUiMessages = en
export default br

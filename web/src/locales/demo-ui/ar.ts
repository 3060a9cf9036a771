import en, { type DemoUiMessages } from './en'

// Placeholder until translated.
const ar: DemoUiMessages = en
export default ar

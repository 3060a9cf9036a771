import en, { type DemoUiMessages } from './en'

// Placeholder until translated.
const pl: DemoUiMessages = en
export default pl

import en, { type DemoUiMessages } from './en'

// Placeholder until translated.
const it: DemoUiMessages = en
export default it

import en, { type DemoUiMessages } from './en'

// Placeholder until translated.
const fr: DemoUiMessages = en
export default fr

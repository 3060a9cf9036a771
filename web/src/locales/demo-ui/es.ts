import en, { type DemoUiMessages } from './en'

// Placeholder until translated.
const es: DemoUiMessages = en
export default es

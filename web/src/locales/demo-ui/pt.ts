import en, { type DemoUiMessages } from './en'

// Placeholder until translated.
const pt: DemoUiMessages = en
export default pt

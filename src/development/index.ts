/** The public face of development/: what the other parts of src/ import from it. */
export {
  DevelopmentSandboxError,
  plannedSandboxInstances,
  plannedSandboxRegimeDefaults,
  startDevelopmentSandbox,
} from './development-sandbox';

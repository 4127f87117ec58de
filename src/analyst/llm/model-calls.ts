/**
 * Everything that talks to a language model, in one module the engine imports only when a model
 * is configured and a question needs it: the AI SDK then costs a process that never uses it
 * neither start-up time nor memory.
 */
export { createLlm } from './client';
export { mapQuestionWithLlm } from './map-question';
export { phraseReasoning } from './phrase-reasoning';

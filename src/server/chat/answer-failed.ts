/** What the chat says when an answer could not be produced: streamed live, or saved after a crash. */
export const ANSWER_FAILED = 'Something went wrong while answering. Please try again.';

/* The face of the demo module: what the server's composition and the other modules may use. */

export { seedDemo } from './seed';

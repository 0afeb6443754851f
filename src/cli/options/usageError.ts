/**
 * A mistake in how a command was called: exit code 2 and the message. `seeHelp` adds a line naming the command's
 * --help, for mistakes the message alone does not explain (an unknown option, a missing input); a bad value says
 * what it needs itself.
 */
export class UsageError extends Error {
  constructor(message: string, readonly seeHelp = false) {
    super(message);
  }
}

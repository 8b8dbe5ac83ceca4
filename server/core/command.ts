/**
 * The command-line tools over the app's database (`npm run partner`, `npm run admin`): their work is a
 * function of the database and their arguments, answering the lines to print and the exit code, so it
 * is tested in-process; the `*-cli.ts` files only open the database and print.
 */
export interface CommandOutcome {
  lines: string[];
  exitCode: number;
}

/**
 * A command of `commands` and the rest of the arguments as one, which every command but those of
 * `argless` needs; undefined means print the usage.
 */
export function parseCommandArgs<C extends string>(
  argv: readonly string[],
  commands: readonly C[],
  argless: readonly C[],
): { command: C; arg: string } | undefined {
  const [first, ...rest] = argv;
  const command = commands.find((c) => c === first);
  const arg = rest.join(' ').trim();
  if (!command || (!argless.includes(command) && !arg)) return undefined;
  return { command, arg };
}

/** ANSI colors, or identity functions when color is off. @public */
export interface Palette {
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const ansi = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;

export const colorPalette: Palette = {
  green: ansi(32, 39),
  red: ansi(31, 39),
  yellow: ansi(33, 39),
  dim: ansi(2, 22),
  bold: ansi(1, 22),
};

const plain = (text: string) => text;
export const plainPalette: Palette = { green: plain, red: plain, yellow: plain, dim: plain, bold: plain };

/** Colors only on a TTY, and never when NO_COLOR is set (https://no-color.org). */
export function paletteFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Palette {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  return stream.isTTY === true && !noColor ? colorPalette : plainPalette;
}

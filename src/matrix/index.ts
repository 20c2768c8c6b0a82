export { runMatrix, type MatrixOptions } from "./run-matrix.js";
export { registrationBackend } from "./registration-backend.js";
export { MATRIX_SECTIONS, type MatrixSectionCell, type MatrixSectionKey, type MatrixSectionRow } from "./section-rows.js";
export type { BackendOutcome, MatrixInterruption, MatrixResult } from "./types.js";
export { matrixVerdict, type MatrixVerdict } from "./verdict.js";
export { buildGrid, type Disagreement, type MatrixCell, type MatrixColumn, type MatrixGrid, type MatrixRow, type TestVerdict } from "./grid.js";
export { renderMatrixTerminal, type TerminalMatrixOptions } from "./render-terminal.js";
export { renderMatrixMarkdown } from "./render-markdown.js";
export { matrixToJson, renderMatrixJson } from "./render-json.js";

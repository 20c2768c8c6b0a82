export { runMatrix, type MatrixOptions } from "./run-matrix.js";
export { registrationBackend } from "./registration-backend.js";
export {
  MATRIX_SECTIONS,
  type MatrixFactRow,
  type MatrixSectionCell,
  type MatrixSectionKey,
  type MatrixSectionRow,
} from "../reporters/matrix/section-rows.js";
export type { BackendOutcome, MatrixInterruption, MatrixResult } from "../reporters/matrix/types.js";
export { matrixVerdict, type MatrixVerdict } from "./verdict.js";
export {
  buildGrid,
  type Disagreement,
  type MatrixCell,
  type MatrixColumn,
  type MatrixGrid,
  type MatrixRow,
  type TestVerdict,
} from "../reporters/matrix/grid.js";
export { renderMatrixTerminal, type TerminalMatrixOptions } from "../reporters/matrix/render-terminal.js";
export { renderMatrixMarkdown } from "../reporters/matrix/render-markdown.js";
export { matrixToJson, renderMatrixJson } from "../reporters/matrix/render-json.js";
export { runProductMatrix, NO_CACHE, type ProductCase, type ProductMatrixOptions, type ProductMatrixResult } from "./product.js";
export { renderProductMatrix, productPassed } from "./render-product.js";

import { describeMutantPart } from "./model-mutants.js";

describeMutantPart(1, 2);

import { describeMutantPart } from "./model-mutants.js";

describeMutantPart(2, 2);

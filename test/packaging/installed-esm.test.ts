import { describeInstalledPackage } from "./installed-package.js";

describeInstalledPackage("module");

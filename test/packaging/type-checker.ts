/**
 * What `tsc -p CONFIG` reports (its config, options, syntax and type
 * diagnostics, as tsc formats them), in this process through the TypeScript
 * API of the project's own `typescript`, for several configs in a row: parsed
 * source files are kept between programs, so the lib and @langchain/*
 * declarations parse once instead of once per tsc process. Each program is
 * still checked from scratch. Only declaration files are kept: how one parses
 * and binds depends on no option that differs between the configs but the
 * target and the module format it is read as, both in the cache key (the
 * project's own .ts files are read as modules or not by moduleDetection,
 * whose default follows `module`: they are parsed again for each config).
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import type * as TypeScript from "typescript";

export interface TypeChecker {
  /** tsc's output for `tsc -p CONFIG` in DIR: "" when the project type-checks. */
  check(dir: string, config: string): string;
}

export function createTypeChecker(projectDir: string): TypeChecker {
  // The project's typescript, as its `tsc` would run.
  const ts = createRequire(join(projectDir, "package.json"))("typescript") as typeof TypeScript;
  const parsed = new Map<string, TypeScript.SourceFile | undefined>();
  const host: TypeScript.ParseConfigFileHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined };

  return {
    check(dir, config) {
      const configDiagnostics: TypeScript.Diagnostic[] = [];
      host.onUnRecoverableConfigFileDiagnostic = (diagnostic) => configDiagnostics.push(diagnostic);
      const commandLine = ts.getParsedCommandLineOfConfigFile(join(dir, config), undefined, host);
      if (commandLine === undefined) return format(ts, configDiagnostics, dir);
      const compilerHost = ts.createCompilerHost(commandLine.options);
      const readSourceFile = compilerHost.getSourceFile.bind(compilerHost);
      compilerHost.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
        const options =
          typeof languageVersionOrOptions === "object" ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions };
        if (!isDeclarationFile(fileName)) return readSourceFile(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
        const key = `${options.languageVersion}\0${options.impliedNodeFormat ?? ""}\0${fileName}`;
        if (shouldCreateNewSourceFile || !parsed.has(key))
          parsed.set(key, readSourceFile(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile));
        return parsed.get(key);
      };
      const program = ts.createProgram({
        rootNames: commandLine.fileNames,
        options: commandLine.options,
        projectReferences: commandLine.projectReferences,
        host: compilerHost,
        configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(commandLine),
      });
      return format(ts, [...configDiagnostics, ...ts.getPreEmitDiagnostics(program)], dir);
    },
  };
}

function format(ts: typeof TypeScript, diagnostics: readonly TypeScript.Diagnostic[], dir: string): string {
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => dir,
    getNewLine: () => "\n",
  });
}

function isDeclarationFile(fileName: string): boolean {
  return /\.d\.[cm]?ts$/.test(fileName);
}

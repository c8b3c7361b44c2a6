// Starts `hatchway lsp` for board and rules files and connects VS Code to it.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  const command = vscode.workspace.getConfiguration("hatchway").get("path") || "hatchway";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "hatchway",
    "hatchway",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "hatchway-board" },
        { scheme: "file", language: "hatchway-rules" },
        { scheme: "untitled", language: "hatchway-board" },
        { scheme: "untitled", language: "hatchway-rules" },
      ],
    },
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

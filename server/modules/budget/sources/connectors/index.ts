// The real connectors this installation has. Each module registers its adapter under a key
// (registerBudgetSource / registerProjectSource in ../registry.ts); a site selects it with its
// settings integration.budgetSource / integration.projectSource. The 'file' adapter is always
// there. To install one, add its import below (docs/budget-sources.md, "Plugging in a connector"):
//
//   import './http-json.ts';
//
// http-json.ts is a working example (it fetches the file adapter's JSON from an address in the
// site's settings); it is not installed by default, since it makes the server call out.
export {};

/// The HTML page of `dibuild graph --format html`: styles and script written for dibuild, inline, so the
/// file needs no network and nothing beside it.
///
/// Layout: registrations are rows in collapsible groups, one per source folder (imported ones under
/// "other modules"), rather than a drawn node-link diagram. At 2,000 registrations a force-directed
/// drawing is a hairball that takes seconds to settle and differs from run to run; grouped rows stay
/// readable, searchable and filterable, and the few edges of one selected node are drawn as three columns
/// (what depends on it, the node, what it depends on) where they can be read.
enum GraphPageTemplate {
    static func page(title: String, embeddedJSON: String) -> String {
        let heading = escaped("dibuild graph — " + title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(heading)</title>
            <style>
            \(style)</style>
            </head>
            <body>
            <header>
            <h1>\(heading)</h1>
            <input id="search" type="search" placeholder="Find a type…" autocomplete="off" aria-label="Find a type">
            <label><input id="errors-only" type="checkbox"> problems only</label>
            <button id="expand-all" type="button">Expand all</button>
            <button id="collapse-all" type="button">Collapse all</button>
            <span id="summary"></span>
            <div id="legend"></div>
            </header>
            <main>
            <div id="groups"></div>
            <aside id="details"><p class="hint">Select a registration to see its dependencies, what depends on it and where it is registered.</p></aside>
            </main>
            <section id="problems"></section>
            <script type="application/json" id="graph-data">\(embeddedJSON)</script>
            <script>
            \(script)</script>
            </body>
            </html>

            """
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    private static let style = """
        :root { font: 13px/1.35 system-ui, sans-serif; color: #1f2937; background: #f9fafb; }
        body { margin: 0; }
        header { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid #d1d5db;
          padding: 8px 12px; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
        h1 { font-size: 15px; margin: 0 12px 0 0; }
        #search { width: 240px; padding: 3px 6px; }
        #summary { color: #4b5563; }
        #legend { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: 6px; }
        #legend .node { min-width: 0; cursor: default; }
        main { display: grid; grid-template-columns: minmax(0, 1fr) 420px; gap: 12px; padding: 12px; }
        #details { position: sticky; top: 96px; align-self: start; max-height: calc(100vh - 110px); overflow: auto;
          background: #fff; border: 1px solid #d1d5db; border-radius: 6px; padding: 10px; }
        .group { background: #fff; border: 1px solid #e5e7eb; border-radius: 6px; margin-bottom: 8px; }
        .group > summary { cursor: pointer; padding: 5px 8px; font-weight: 600; }
        .group .count { color: #6b7280; font-weight: 400; }
        .group .group-problems { color: #b91c1c; }
        .group.filtered-out, .node.filtered-out { display: none; }
        .rows { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 4px;
          padding: 0 8px 8px; }
        .node { border: 1px solid #cbd5e1; border-left: 5px solid var(--kind); border-radius: 4px; padding: 3px 6px;
          background: #fff; cursor: pointer; min-width: 0; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
        .node .name { font-weight: 600; }
        .qualifier { color: #7c2d12; font-family: ui-monospace, monospace; }
        .badge { display: inline-block; font-size: 11px; padding: 0 4px; margin-left: 4px; border-radius: 3px;
          background: #f3f4f6; color: #374151; }
        .badge.kind { background: var(--kind); color: #fff; border-width: 0; }
        .badge.problem { background: #dc2626; color: #fff; font-weight: 700; }
        .badge.warning { background: #f59e0b; color: #111827; }
        .kind-component { --kind: #2563eb; } .kind-autowired { --kind: #16a34a; }
        .kind-lazyAutowired { --kind: #0d9488; border-style: dashed; }
        .kind-factory { --kind: #d97706; } .kind-lazyFactory { --kind: #b45309; border-style: dashed; }
        .kind-configuration { --kind: #7c3aed; } .kind-config { --kind: #a855f7; }
        .kind-configProperty { --kind: #92400e; } .kind-imported { --kind: #6b7280; font-style: italic; }
        .kind-unregistered { --kind: #9ca3af; border-style: dotted; }
        .node.has-error { background: #fee2e2; border-color: #dc2626; }
        .node.has-warning { background: #fef3c7; }
        .node.match { box-shadow: 0 0 0 2px #facc15; }
        .node.depends-on { background: #dbeafe; box-shadow: 0 0 0 2px #0369a1; }
        .node.dependent { background: #fce7f3; box-shadow: 0 0 0 2px #be185d; }
        .node.selected { background: #fef08a; box-shadow: 0 0 0 3px #111827; }
        .node.depends-on::before { content: "→ "; color: #0369a1; font-weight: 700; }
        .node.dependent::before { content: "← "; color: #be185d; font-weight: 700; }
        #details h2 { font-size: 15px; margin: 0 0 6px; word-break: break-all; }
        #details h3 { font-size: 13px; margin: 12px 0 4px; }
        #details dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 8px; margin: 0; }
        #details dt { color: #6b7280; } #details dd { margin: 0; word-break: break-all; }
        #details ul { margin: 0; padding-left: 16px; }
        #details li { margin: 2px 0; }
        .location { font-family: ui-monospace, monospace; font-size: 12px; color: #4b5563; }
        .mark { font-size: 11px; padding: 0 3px; border: 1px solid #9ca3af; border-radius: 3px; margin-left: 3px; }
        .mark.lazy { border-style: dashed; } .mark.cycle, .unsatisfied { color: #b91c1c; border-color: #b91c1c; }
        a.node-link { color: #1d4ed8; cursor: pointer; text-decoration: underline; }
        .diagnostic { font-family: ui-monospace, monospace; font-size: 12px; white-space: pre-wrap; word-break: break-all;
          border-left: 4px solid #dc2626; background: #fef2f2; color: #7f1d1d; padding: 3px 6px; margin: 4px 0; }
        .diagnostic.severity-warning { border-color: #f59e0b; background: #fffbeb; color: #78350f; }
        .diagnostic .note { color: #374151; }
        .neighbourhood { display: grid; grid-template-columns: 1fr auto 1fr; gap: 6px; align-items: center; margin-top: 8px; }
        .neighbourhood .column { display: flex; flex-direction: column; gap: 3px; min-width: 0; }
        .neighbourhood .node { font-size: 12px; }
        .neighbourhood .arrow { color: #6b7280; }
        #problems { padding: 0 12px 12px; }
        #problems h2 { font-size: 14px; }
        .hint { color: #6b7280; }

        """

    private static let script = """
        "use strict";
        const data = JSON.parse(document.getElementById("graph-data").textContent);
        const nodes = data.nodes, edges = data.edges, problems = data.diagnostics;
        const outgoing = nodes.map(() => []), incoming = nodes.map(() => []);
        edges.forEach((edge, index) => {
          outgoing[edge.from].push(index);
          for (const target of edge.to) incoming[target].push(index);
        });
        const problemOrder = ["missing", "ambiguous", "cycle", "factory", "duplicate", "error", "warning"];

        function el(tag, attributes, ...children) {
          const element = document.createElement(tag);
          for (const [name, value] of Object.entries(attributes || {})) {
            if (value === undefined || value === null || value === false) continue;
            if (name === "class") element.className = value; else element.setAttribute(name, value);
          }
          for (const child of children) {
            if (child === null || child === undefined || child === false) continue;
            element.append(typeof child === "string" ? document.createTextNode(child) : child);
          }
          return element;
        }

        // A node's problems: its own diagnostics, those of its dependencies, and cycles it is part of.
        function diagnosticsOf(index) {
          const found = new Set(nodes[index].diagnostics);
          for (const edge of outgoing[index]) for (const d of edges[edge].diagnostics) found.add(d);
          return [...found].sort((a, b) => a - b);
        }
        function problemOf(index) {
          const kinds = diagnosticsOf(index).map(d => problems[d].problem);
          if (outgoing[index].some(edge => edges[edge].cycle)) kinds.push("cycle");
          return problemOrder.find(kind => kinds.includes(kind)) || null;
        }
        const nodeProblems = nodes.map((_, index) => problemOf(index));

        function label(node) {
          return [el("span", { class: "name" }, node.type),
                  node.qualifier ? el("span", { class: "qualifier" }, " \\"" + node.qualifier + "\\"") : null];
        }
        function badges(node, problem) {
          return [el("span", { class: "badge kind kind-" + node.kind }, node.kind),
                  node.scope ? el("span", { class: "badge scope" }, node.scope) : null,
                  problem ? el("span", { class: "badge " + (problem === "warning" ? "warning" : "problem") }, problem) : null];
        }
        function nodeClasses(index) {
          const node = nodes[index], problem = nodeProblems[index];
          let classes = "node kind-" + node.kind + (node.kind === "unregistered" ? " unregistered" : " registration");
          if (problem) classes += problem === "warning" ? " has-warning" : " has-error";
          return classes;
        }

        const rows = [];
        const groupElements = new Map();
        const groupNames = [...new Set(nodes.map(node => node.group))].sort((a, b) =>
          (a === "other modules") - (b === "other modules") || (a < b ? -1 : a > b ? 1 : 0));
        const openByDefault = nodes.length <= 300;
        for (const name of groupNames) {
          const members = nodes.map((node, index) => index).filter(index => nodes[index].group === name);
          const problemCount = members.filter(index => nodeProblems[index] && nodeProblems[index] !== "warning").length;
          const container = el("div", { class: "rows" });
          const group = el("details", { class: "group", "data-group": name, open: openByDefault || problemCount > 0 },
            el("summary", {}, name + " ", el("span", { class: "count" }, "(" + members.length + ")"),
               problemCount ? el("span", { class: "group-problems" }, " " + problemCount + " with errors") : null),
            container);
          for (const index of members) {
            const node = nodes[index];
            const row = el("div", {
              class: nodeClasses(index), id: "node-" + index, "data-index": index, "data-id": node.id,
              "data-kind": node.kind, "data-scope": node.scope, "data-problem": nodeProblems[index],
              title: node.id + (node.location ? "  " + node.location : "")
            }, ...label(node), ...badges(node, nodeProblems[index]));
            row.addEventListener("click", () => select(index));
            rows[index] = row;
            container.append(row);
          }
          groupElements.set(name, group);
          document.getElementById("groups").append(group);
        }

        for (const kind of ["component", "autowired", "lazyAutowired", "factory", "lazyFactory", "configuration",
                            "config", "configProperty", "imported", "unregistered"]) {
          document.getElementById("legend").append(el("span", { class: "node kind-" + kind }, kind));
        }

        let selected = null, highlighted = [];
        function locationText(text) { return text ? el("span", { class: "location" }, " " + text) : null; }
        function nodeLink(index) {
          const link = el("a", { class: "node-link", "data-target": index }, ...label(nodes[index]));
          link.addEventListener("click", () => select(index));
          return link;
        }
        function marks(edge) {
          return [edge.qualifier ? el("span", { class: "mark qualifier" }, "qualifier \\"" + edge.qualifier + "\\"") : null,
                  edge.qualifierBy ? el("span", { class: "mark" }, "qualifierBy " + edge.qualifierBy) : null,
                  edge.array ? el("span", { class: "mark array" }, "[array]") : null,
                  edge.lazy ? el("span", { class: "mark lazy" }, "lazy") : null,
                  edge.payload ? el("span", { class: "mark payload" }, "payload") : null,
                  edge.cycle ? el("span", { class: "mark cycle" }, "cycle") : null];
        }
        function diagnosticBox(index) {
          const problem = problems[index];
          return el("div", { class: "diagnostic severity-" + problem.severity, "data-problem": problem.problem },
            problem.text, ...problem.notes.map(note => el("div", { class: "note" }, note)));
        }
        function miniNode(index) {
          const row = el("div", { class: nodeClasses(index) }, ...label(nodes[index]));
          row.addEventListener("click", () => select(index));
          return row;
        }

        function showDetails(index) {
          const node = nodes[index];
          const details = document.getElementById("details");
          details.replaceChildren();
          details.append(el("h2", {}, ...label(node), ...badges(node, nodeProblems[index])));
          const facts = el("dl", {});
          const add = (term, value) => { if (value) facts.append(el("dt", {}, term), el("dd", {}, value)); };
          add("kind", node.kind);
          add("scope", node.scope);
          add("qualifier", node.qualifier ? "\\"" + node.qualifier + "\\"" : "none");
          add("registered at", node.location || (node.kind === "imported" ? "another module (resolved file)" : "not registered"));
          add("links", node.links.join(", "));
          details.append(facts);
          for (const d of node.diagnostics) details.append(diagnosticBox(d));

          const before = [...new Set(incoming[index].map(edge => edges[edge].from))];
          const after = [...new Set(outgoing[index].flatMap(edge => edges[edge].to))];
          details.append(el("div", { class: "neighbourhood" },
            el("div", { class: "column" }, ...before.map(miniNode)),
            el("div", { class: "column" }, el("span", { class: "arrow" }, before.length ? "→" : ""), miniNode(index),
               el("span", { class: "arrow" }, after.length ? "→" : "")),
            el("div", { class: "column" }, ...after.map(miniNode))));

          details.append(el("h3", {}, "Depends on (" + outgoing[index].length + ")"));
          const dependsOn = el("ul", { id: "depends-on" });
          for (const e of outgoing[index]) {
            const edge = edges[e];
            const targets = edge.to.length
              ? edge.to.flatMap((target, position) => position ? [", ", nodeLink(target)] : [nodeLink(target)])
              : [el("span", { class: "unsatisfied" }, edge.array ? "nothing registered (empty array)" : "unsatisfied")];
            dependsOn.append(el("li", { "data-edge": e }, el("strong", {}, edge.array ? "[" + edge.type + "]" : edge.type),
              ...marks(edge), " → ", ...targets, locationText(edge.location),
              ...edge.diagnostics.map(diagnosticBox)));
          }
          details.append(dependsOn);
          details.append(el("h3", {}, "Used by (" + incoming[index].length + ")"));
          const usedBy = el("ul", { id: "used-by" });
          for (const e of incoming[index]) {
            const edge = edges[e];
            usedBy.append(el("li", { "data-edge": e }, nodeLink(edge.from), ...marks(edge), locationText(edge.location)));
          }
          details.append(usedBy);
        }

        function reveal(index) {
          const group = groupElements.get(nodes[index].group);
          group.open = true;
        }
        function select(index) {
          for (const row of highlighted) row.classList.remove("selected", "depends-on", "dependent");
          highlighted = [];
          selected = index;
          const mark = (target, name) => { rows[target].classList.add(name); highlighted.push(rows[target]); reveal(target); };
          for (const e of outgoing[index]) for (const target of edges[e].to) mark(target, "depends-on");
          for (const e of incoming[index]) mark(edges[e].from, "dependent");
          mark(index, "selected");
          document.body.dataset.selected = nodes[index].id;
          showDetails(index);
          rows[index].scrollIntoView({ block: "nearest" });
          saveState();
        }

        const search = document.getElementById("search"), errorsOnly = document.getElementById("errors-only");
        function applyFilter() {
          const text = search.value.trim().toLowerCase();
          let shown = 0;
          const visibleGroups = new Set();
          nodes.forEach((node, index) => {
            const matches = !text || node.type.toLowerCase().includes(text) || node.id.toLowerCase().includes(text);
            const visible = matches && (!errorsOnly.checked || nodeProblems[index] !== null);
            rows[index].classList.toggle("filtered-out", !visible);
            rows[index].classList.toggle("match", Boolean(text) && matches);
            if (visible) { shown += 1; visibleGroups.add(node.group); }
          });
          for (const [name, group] of groupElements) {
            group.classList.toggle("filtered-out", !visibleGroups.has(name));
            if ((text || errorsOnly.checked) && visibleGroups.has(name)) group.open = true;
          }
          document.body.dataset.search = search.value;
          const errorCount = problems.filter(problem => problem.severity === "error").length;
          document.getElementById("summary").textContent = shown + " of " + nodes.length + " nodes shown, " +
            edges.length + " dependencies, " + errorCount + (errorCount === 1 ? " error" : " errors");
        }
        search.addEventListener("input", () => { applyFilter(); saveState(); });
        search.addEventListener("keydown", event => {
          if (event.key !== "Enter") return;
          const first = rows.findIndex(row => !row.classList.contains("filtered-out"));
          if (first >= 0) select(first);
        });
        errorsOnly.addEventListener("change", () => { applyFilter(); saveState(); });
        document.getElementById("expand-all").addEventListener("click", () => { for (const g of groupElements.values()) g.open = true; });
        document.getElementById("collapse-all").addEventListener("click", () => { for (const g of groupElements.values()) g.open = false; });

        // Every diagnostic of the run, linked to the node it concerns.
        const owners = problems.map(() => null);
        nodes.forEach((node, index) => { for (const d of node.diagnostics) owners[d] ??= index; });
        edges.forEach(edge => { for (const d of edge.diagnostics) owners[d] ??= edge.from; });
        const problemList = document.getElementById("problems");
        problemList.append(el("h2", {}, "Diagnostics (" + problems.length + ")"));
        problems.forEach((problem, index) => {
          const box = diagnosticBox(index);
          if (owners[index] !== null) {
            box.append(el("div", {}, "on ", nodeLink(owners[index])));
          }
          problemList.append(box);
        });

        // State in the URL fragment (#search=…&select=…&problems=1), so a view can be shared and tested.
        function saveState() {
          const state = new URLSearchParams();
          if (search.value) state.set("search", search.value);
          if (selected !== null) state.set("select", nodes[selected].id);
          if (errorsOnly.checked) state.set("problems", "1");
          try { history.replaceState(null, "", "#" + state.toString()); } catch (error) { /* file: URLs may refuse */ }
        }
        function loadState() {
          const state = new URLSearchParams(location.hash.slice(1));
          search.value = state.get("search") || "";
          errorsOnly.checked = state.get("problems") === "1";
          applyFilter();
          const wanted = state.get("select");
          if (wanted !== null) {
            let index = nodes.findIndex(node => node.id === wanted);
            if (index < 0) index = nodes.findIndex(node => node.type === wanted);
            if (index >= 0) select(index);
          }
        }
        loadState();
        window.addEventListener("hashchange", loadState);
        document.body.dataset.ready = "true";

        """
}

#!/usr/bin/env python3
"""Unit tests of scripts/check_layers.py on small synthetic trees."""
import os
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import check_layers as cl  # noqa: E402


def spec(directory, *layers, binaries=(), crate=""):
    """A tree spec with `layers` given as (name, [modules]) pairs, lowest first."""
    table = {
        "directory": directory,
        "binaries": list(binaries),
        "crate": crate,
        "layers": [{"name": name, "modules": modules} for name, modules in layers],
    }
    return cl.Spec.from_table("t", table, "/")


class TreeCase(unittest.TestCase):
    """Writes files into a temporary `src/` and checks it."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = os.path.join(self.tmp.name, "src")
        os.makedirs(self.dir)

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, files):
        for name, text in files.items():
            path = os.path.join(self.dir, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(textwrap.dedent(text))

    def check(self, files, *layers, allowed=frozenset(), **kw):
        files = {"lib.rs": "", **files}
        self.write(files)
        s = spec(self.dir, *layers, **kw)
        tree = cl.Tree.read(self.dir, s.library, s.binaries, s.crate_name)
        return cl.check_imports(s, tree, frozenset(allowed))

    def edges(self, files):
        self.write({"lib.rs": "", **files})
        tree = cl.Tree.read(self.dir)
        return {(e.src, e.dst, e.line) for e in tree.imports()}


TWO_LAYERS = (("low", ["low", "other"]), ("high", ["high"]), ("root", ["lib"]))


class Violations(TreeCase):
    def test_clean_tree_passes(self):
        bad = self.check(
            {"low.rs": "", "other.rs": "use crate::low::X;\n", "high.rs": "use crate::other::Y;\n"},
            *TWO_LAYERS,
        )
        self.assertEqual(bad, [])

    def test_upward_import_names_file_and_line(self):
        bad = self.check(
            {"low.rs": "fn f() {}\n\nuse crate::high::H;\n", "other.rs": "", "high.rs": ""},
            *TWO_LAYERS,
        )
        self.assertEqual(len(bad), 1)
        self.assertIn("src/low.rs:3: upward import", bad[0].replace(self.tmp.name + "/", ""))
        self.assertIn("`crate::high::H`", bad[0])

    def test_order_inside_a_layer(self):
        bad = self.check(
            {"low.rs": "use crate::other::O;\n", "other.rs": "", "high.rs": ""}, *TWO_LAYERS
        )
        self.assertEqual(len(bad), 1)
        self.assertIn("low.rs:1: order: `low` imports `other`, which comes after it", bad[0])

    def test_cycle_names_members_and_imports(self):
        bad = self.check(
            {
                "low.rs": "",
                "other.rs": "",
                "high.rs": "",
                "a.rs": "use crate::b::B;\n",
                "b.rs": "pub struct B;\nuse crate::c::C;\n",
                "c.rs": "pub fn g() { crate::a::f(); }\n",
            },
            ("low", ["low", "other", "a", "b", "c"]),
            ("high", ["high"]),
            ("root", ["lib"]),
        )
        cycles = [b for b in bad if b.startswith("cycle:")]
        self.assertEqual(len(cycles), 1)
        self.assertIn("`a` <-> `b` <-> `c`", cycles[0])
        for where in ("a.rs:1: `a` -> `b`", "b.rs:2: `b` -> `c`", "c.rs:1: `c` -> `a`"):
            self.assertIn(where, cycles[0])
        # The edges that point later in the order are reported as well.
        self.assertEqual(sum(1 for b in bad if ": order: " in b), 2)

    def test_file_in_no_layer_and_entry_with_no_file(self):
        bad = self.check({"low.rs": "", "new.rs": ""}, ("low", ["low", "gone"]), ("root", ["lib"]))
        self.assertTrue(any("module `new` is in no layer" in b for b in bad), bad)
        self.assertTrue(any("`gone` names no file" in b for b in bad), bad)

    def test_child_importing_its_parent_is_reported(self):
        # The parent re-exports its child, and the child uses an item of the parent: with the
        # parent after its child in the table, the child's import points later in the order
        # and the two form a cycle.
        files = {
            "p.rs": "mod c;\npub use self::c::C;\npub struct Shared;\n",
            "p/c.rs": "use super::Shared;\npub struct C(Shared);\n",
        }
        bad = self.check(files, ("low", ["p/c", "p"]), ("root", ["lib"]))
        self.assertEqual(len(bad), 2, bad)
        self.assertIn("p/c.rs:1: order: `p/c` imports `p`, which comes after it", bad[0])
        self.assertIn("cycle: `p` <-> `p/c`", bad[1])
        # Listed the other way round, the parent's declaration and re-export of its child are
        # the late imports.
        bad = self.check(files, ("low", ["p", "p/c"]), ("root", ["lib"]))
        self.assertEqual(len(bad), 3, bad)
        self.assertIn("p.rs:1: order: `p` imports `p/c`, which comes after it", bad[0])
        self.assertIn("by `mod c`", bad[0])
        self.assertIn("p.rs:2: order: `p` imports `p/c`, which comes after it", bad[1])
        self.assertIn("cycle: `p` <-> `p/c`", bad[2])
        # A parent that only declares the child still forms a cycle with a child that uses it.
        only_declares = {"p.rs": "mod c;\npub struct Shared;\n", "p/c.rs": "use super::Shared;\n"}
        bad = self.check(only_declares, ("low", ["p/c", "p"]), ("root", ["lib"]))
        self.assertEqual(len(bad), 2, bad)
        self.assertIn("p/c.rs:1: order: `p/c` imports `p`, which comes after it", bad[0])
        self.assertIn("cycle: `p` <-> `p/c`", bad[1])
        self.assertIn("p.rs:1: `p` -> `p/c` by `mod c`", bad[1])
        # With the shared item in a child of its own, the tree passes.
        files = {
            "p.rs": "mod c;\nmod shared;\npub use self::c::C;\npub use self::shared::Shared;\n",
            "p/shared.rs": "pub struct Shared;\n",
            "p/c.rs": "use super::shared::Shared;\npub struct C(Shared);\n",
        }
        self.assertEqual(self.check(files, ("low", ["p/shared", "p/c", "p"]), ("root", ["lib"])), [])

    def test_allowed_import_and_stale_exception(self):
        files = {"low.rs": "use crate::high::H;\n", "other.rs": "", "high.rs": ""}
        self.assertEqual(self.check(files, *TWO_LAYERS, allowed={("low", "high")}), [])
        bad = self.check(files, *TWO_LAYERS, allowed={("low", "high"), ("other", "high")})
        self.assertEqual(len(bad), 1)
        self.assertIn("`other` does not import `high`; drop the exception", bad[0])


class WholeFiles(TreeCase):
    def test_mod_tests_block_is_skipped_and_what_follows_counts(self):
        edges = self.edges(
            {
                "low.rs": "",
                "high.rs": "",
                "a.rs": """\
                    pub fn f() {}

                    #[cfg(test)]
                    mod tests {
                        use crate::high::H;
                        fn t() { let s = '{'; crate::high::g(); }
                    }

                    fn after() { use crate::low::L; }
                    """,
            }
        )
        self.assertEqual(edges, {("a", "low", 9)})

    def test_cfg_all_test_mod_tests_is_skipped(self):
        edges = self.edges(
            {
                "high.rs": "",
                "a.rs": '#[cfg(all(test, feature = "std"))]\nmod tests {\n    use crate::high::H;\n}\n',
            }
        )
        self.assertEqual(edges, set())

    def test_cfg_test_on_another_item_is_not_skipped(self):
        edges = self.edges(
            {
                "low.rs": "",
                "high.rs": "",
                "a.rs": """\
                    pub fn f() {
                        #[cfg(test)]
                        count();
                    }

                    #[cfg(test)]
                    impl S {
                        fn helper() { crate::low::g(); }
                    }

                    use crate::high::H;

                    #[cfg(test)]
                    mod helpers {
                        use crate::other::O;
                    }
                    """,
                "other.rs": "",
            }
        )
        self.assertEqual(edges, {("a", "low", 8), ("a", "high", 11), ("a", "other", 15)})

    def test_mod_tests_without_cfg_test_counts(self):
        edges = self.edges({"high.rs": "", "a.rs": "mod tests {\n    use crate::high::H;\n}\n"})
        self.assertEqual(edges, {("a", "high", 2)})

    def test_comments_and_literals_do_not_count(self):
        edges = self.edges(
            {
                "high.rs": "",
                "low.rs": "",
                "a.rs": '''\
                    //! Uses [`crate::high::H`].
                    /// See [x](crate::high::H).
                    // use crate::high::H;
                    /* crate::high::H /* nested */ crate::high::H */
                    const S: &str = "use crate::high::H; \\" crate::high::H";
                    const R: &str = r#"crate::high::H " crate::high::H"#;
                    const B: &[u8] = b"crate::high::H";
                    const C: char = '"';
                    fn f<'a>(x: &'a str) -> &'a str { crate::low::g(); x }
                    ''',
            }
        )
        self.assertEqual(edges, {("a", "low", 9)})

    def test_visibility_path_is_not_an_import(self):
        edges = self.edges({"high.rs": "", "a.rs": "pub(in crate::high) fn f() {}\n"})
        self.assertEqual(edges, set())


class Resolution(TreeCase):
    def test_super_and_self_resolve_to_files(self):
        edges = self.edges(
            {
                "a.rs": "mod b;\nmod c;\nmod inner { use super::c::X; }\n",
                "a/b.rs": "use super::c::X;\nfn f() { self::g(); super::super::d::h(); }\n",
                "a/c.rs": "",
                "d.rs": "",
            }
        )
        # A parent's declaration and use of its own child are edges like any other.
        self.assertEqual(
            edges,
            {("a", "a/b", 1), ("a", "a/c", 2), ("a", "a/c", 3), ("a/b", "a/c", 1), ("a/b", "d", 2)},
        )

    def test_nested_use_trees_and_names_imported_before(self):
        edges = self.edges(
            {
                "a.rs": "use crate::{b::{self, X}, c::Y as Z};\nfn f() { use b::W; }\n",
                "b.rs": "",
                "c.rs": "",
            }
        )
        self.assertEqual(edges, {("a", "b", 1), ("a", "c", 1), ("a", "b", 2)})

    def test_re_exports_resolve_to_the_defining_file(self):
        edges = self.edges(
            {
                "lib.rs": "mod k;\nmod low;\npub use crate::k::Thing;\npub use crate::low::*;\n",
                "k.rs": "mod inner;\npub use self::inner::Thing;\n",
                "k/inner.rs": "pub struct Thing;\n",
                "low.rs": "pub fn helper() {}\n",
                "a.rs": "use crate::Thing;\nuse crate::helper;\nuse crate::k::Thing as T;\n",
            }
        )
        self.assertEqual(
            edges,
            {
                ("a", "k/inner", 1),
                ("a", "low", 2),
                ("a", "k/inner", 3),
                ("k", "k/inner", 1),
                ("k", "k/inner", 2),
                ("lib", "k", 1),
                ("lib", "low", 2),
                ("lib", "k/inner", 3),
                ("lib", "low", 4),
            },
        )

    def test_child_to_parent_and_parent_to_child_and_item_of_root_are_edges(self):
        edges = self.edges(
            {
                "lib.rs": "pub struct Io;\nmod p;\n",
                "p.rs": "mod c;\nuse self::c::C;\npub(crate) fn shared() {}\n",
                "p/c.rs": "use super::shared;\nuse crate::Io;\n",
            }
        )
        self.assertEqual(
            edges,
            {("lib", "p", 2), ("p", "p/c", 1), ("p", "p/c", 2), ("p/c", "p", 1), ("p/c", "lib", 2)},
        )

    def test_expression_paths_through_a_child_module_or_an_imported_name(self):
        edges = self.edges(
            {
                "p.rs": "mod c;\nuse crate::q;\nfn f() {\n    c::run();\n    q::go();\n    x.c::<u8>();\n}\n",
                "p/c.rs": "pub fn run() {}\n",
                "q.rs": "pub fn go() {}\n",
                "r.rs": "fn f() { c::run(); std::mem::drop(1); }\n",
            }
        )
        self.assertEqual(edges, {("p", "p/c", 1), ("p", "q", 2), ("p", "p/c", 4), ("p", "q", 5)})

    def test_binary_reaches_the_library_by_crate_name(self):
        self.write({"lib.rs": "pub fn run() {}\n", "main.rs": "fn main() { my_tool::run(); }\n"})
        tree = cl.Tree.read(self.dir, "lib", ["main"], "my_tool")
        self.assertEqual([(e.src, e.dst) for e in tree.imports()], [("main", "lib")])


class Tarjan(unittest.TestCase):
    def test_components(self):
        pairs = [("a", "b"), ("b", "a"), ("b", "c"), ("c", "d"), ("d", "e"), ("e", "c"), ("f", "f")]
        edges = [cl.Import(s, d, 1, "") for s, d in pairs]
        self.assertEqual(cl.strongly_connected(list("abcdefg"), edges), [["a", "b"], ["c", "d", "e"]])


class Docs(unittest.TestCase):
    SPEC = spec(
        "/src",
        ("values", ["error", "hex"]),
        ("keys", ["key", "key/public"]),
        ("crate root", ["lib"]),
    )

    ARCH = """\
        ## Layers of `src/`

        | layer | modules | what |
        |---|---|---|
        | 1. values | `error`, `hex` | errors |
        | 2. keys | `key` | keys |
        | 3. crate root | `lib` | the root |

        ## Next
        """

    DOCS = """\
        //! # Layers
        //!
        //! 1. values (`error`, [`hex`]): [`Error`],
        //!    the codec;
        //! 2. keys (`key`): the keys.

        // 1. Values.
        mod error;
        pub mod hex;

        // 2. Keys.
        mod key;
        """

    def setUp(self):
        self.SPEC.architecture = "Layers of `src/`"
        self.SPEC.crate_docs = "lib.rs"

    def test_agreeing_docs_pass(self):
        self.assertEqual(cl.check_architecture(self.SPEC, textwrap.dedent(self.ARCH), "A.md"), [])
        self.assertEqual(cl.check_crate_docs(self.SPEC, textwrap.dedent(self.DOCS), "lib.rs"), [])

    def test_architecture_disagreeing(self):
        text = textwrap.dedent(self.ARCH).replace("`error`, `hex`", "`hex`, `error`")
        text = text.replace("| 3. crate root | `lib` | the root |\n", "")
        bad = cl.check_architecture(self.SPEC, text, "A.md")
        self.assertEqual(len(bad), 2, bad)
        self.assertIn("A.md:5: layer 1 lists `hex`, `error`", bad[0])
        self.assertIn("no row for layer 3", bad[1])

    def test_crate_docs_disagreeing(self):
        text = textwrap.dedent(self.DOCS).replace("2. keys (`key`)", "2. keys (`key`, `hex`)")
        text = text.replace("// 2. Keys.\nmod key;", "// 2. Keys.\nmod key;\nmod error;")
        bad = cl.check_crate_docs(self.SPEC, text, "lib.rs")
        self.assertEqual(len(bad), 2, bad)
        self.assertIn("lib.rs:5: layer 2 lists `key`, `hex`", bad[0])
        self.assertIn("lib.rs:13: `mod error;` stands under `// 2.`", bad[1])


if __name__ == "__main__":
    unittest.main()

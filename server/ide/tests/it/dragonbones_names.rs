//! DragonBones name rules on 4.5 and 5.5 data: unknown references, duplicates, parent cycles,
//! textures missing from the paired atlas.

use rigls_test_support::fixture as support;

use support::{analyse, check_diagnostics, check_diagnostics_with};

#[test]
fn unknown_bones_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}, {"name": "body", "parent": "rot"}],
                                                                  ^^^^^ error[unknown-bone]: unknown bone `rot`: armature `hero` has no bone of this name (the bone becomes a root bone); did you mean `root`?
            "slot": [{"name": "body", "parent": "bdy"}],
                                                ^^^^^ error[unknown-bone]: unknown bone `bdy`: armature `hero` has no bone of this name (building the armature throws); did you mean `body`?
            "skin": [{"slot": [{"name": "body", "display": [{"name": "body"}]}]}],
            "ik": [{"name": "leg", "bone": "body", "target": "fot"}],
                                                             ^^^^^ error[unknown-bone]: unknown bone `fot`: armature `hero` has no bone of this name (runtimes drop the constraint)
            "animation": [{
              "name": "idle", "duration": 2,
              "bone": [{"name": "boddy", "frame": [{"duration": 2, "transform": {}}]}]
                                ^^^^^^^ error[unknown-bone]: unknown bone `boddy`: armature `hero` has no bone of this name (runtimes drop the timeline); did you mean `body`?
            }]
          }]
        }
        "#,
    );
}

/// An empty name is "none" to the runtimes: a bone whose `parent` is "" is a root bone, an IK
/// constraint aimed at "" is dropped. A slot's `parent` is not optional: building the armature
/// throws (DragonBonesJS) or crashes (DragonBonesCPP) without it; an armature display named ""
/// builds the armature of that name, which is none, and so does one with no name at all.
#[test]
fn empty_names_name_nothing_but_where_something_is_needed() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "勇者", "version": "5.5", "frameRate": 24,
          "armature": [{
            "name": "勇者",
            "bone": [{"name": "根", "parent": ""}, {"name": "体", "parent": "根"}],
            "slot": [{"name": "体", "parent": ""}],
                                             ^^ error[unknown-bone]: unknown bone ``: armature `勇者` has no bone of this name (building the armature throws); the bone named like slot `体` is `体`
            "skin": [{"slot": [{"name": "体", "display": [{"type": "armature", "name": ""}, {"type": "armature"}]}]}],
                                                                                      ^^ warning[unknown-armature]: unknown armature ``: this file defines no armature of this name (the display stays empty: runtimes look in other loaded files only when the factory and that file's data have `autoSearch` on, and a debug build of the C++ runtime aborts when the display is in its armature's first skin)
                                                                                            ^^^^^^^^^^^^^^^^^^ warning[unknown-armature]: armature display without `path` or `name`: it names no armature, so the display stays empty (a debug build of the C++ runtime aborts)
            "ik": [{"name": "脚", "bone": "体", "target": ""}]
          }]
        }
        "#,
    );
}

#[test]
fn unknown_bones_v55() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}, {"name": "body", "parent": "root"}, {"name": "arm", "parent": "bodi"}],
                                                                                                     ^^^^^^ error[unknown-bone]: unknown bone `bodi`: armature `hero` has no bone of this name (the bone becomes a root bone); did you mean `body`?
            "slot": [{"name": "body", "parent": "body"}],
            "skin": [{"slot": [{"name": "body", "display": [{"name": "body"}]}]}],
            "path": [{"name": "rope", "target": "body", "bones": ["arm", "hand"]}],
                                                                         ^^^^^^ error[unknown-bone]: unknown bone `hand`: armature `hero` has no bone of this name (runtimes skip this bone)
            "animation": [{
              "name": "idle", "duration": 4,
              "frame": [{"duration": 4, "actions": [{"type": 10, "name": "hit", "bone": "armm"}]}],
                                                                                        ^^^^^^ warning[unknown-bone]: unknown bone `armm`: armature `hero` has no bone of this name (the event fires without it); did you mean `arm`?
              "bone": [{"name": "arn", "translateFrame": [{"duration": 4, "x": 1}]}]
                                ^^^^^ error[unknown-bone]: unknown bone `arn`: armature `hero` has no bone of this name (runtimes drop the timeline); did you mean `arm`?
            }]
          }]
        }
        "#,
    );
}

#[test]
fn unknown_slots_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "head", "parent": "root"}],
            "skin": [{"slot": [
              {"name": "head", "display": [{"name": "head", "type": "mesh", "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]}]},
              {"name": "haed", "display": [{"name": "head2"}]}
                       ^^^^^^ error[unknown-slot]: unknown slot `haed`: armature `hero` has no slot of this name (runtimes drop these displays); did you mean `head`?
            ]}],
            "animation": [{
              "name": "idle", "duration": 2,
              "slot": [{"name": "hed", "frame": [{"duration": 2}]}],
                                ^^^^^ error[unknown-slot]: unknown slot `hed`: armature `hero` has no slot of this name (runtimes drop the timeline); did you mean `head`?
              "ffd": [{"name": "head", "skin": "", "slot": "heda", "frame": [{"duration": 2, "vertices": [1]}]}]
                                                           ^^^^^^ error[unknown-slot]: unknown slot `heda`: armature `hero` has no slot of this name (runtimes drop the timeline); did you mean `head`?
            }]
          }]
        }
        "#,
    );
}

#[test]
fn unknown_slots_v55() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "head", "parent": "root"}, {"name": "rope", "parent": "root"}],
            "skin": [{"name": "default", "slot": [{"name": "head", "display": [{"name": "head"}]}]}],
            "path": [{"name": "p", "target": "rop", "bones": ["root"]}],
                                             ^^^^^ error[unknown-slot]: unknown slot `rop`: armature `hero` has no slot of this name (runtimes drop the constraint); did you mean `rope`?
            "animation": [{
              "name": "idle", "duration": 4,
              "frame": [{"duration": 4, "events": [{"name": "blink", "slot": "heed"}]}],
                                                                             ^^^^^^ warning[unknown-slot]: unknown slot `heed`: armature `hero` has no slot of this name (the event fires without it); did you mean `head`?
              "slot": [{"name": "head", "displayFrame": [{"duration": 4, "value": 0}]}, {"name": "hat", "colorFrame": [{"duration": 4}]}]
                                                                                                 ^^^^^ error[unknown-slot]: unknown slot `hat`: armature `hero` has no slot of this name (runtimes drop the timeline)
            }]
          }]
        }
        "#,
    );
}

#[test]
fn unknown_animations_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "defaultActions": [{"gotoAndPlay": "idel"}],
                                               ^^^^^^ error[unknown-animation]: unknown animation `idel`: armature `hero` has no animation of this name (the action plays nothing); did you mean `idle`?
            "animation": [
              {"name": "idle", "duration": 2, "frame": [{"duration": 1, "action": "attak"}, {"duration": 1}]},
                                                                                  ^^^^^^^ error[unknown-animation]: unknown animation `attak`: armature `hero` has no animation of this name (the action plays nothing); did you mean `attack`?
              {"name": "attack", "duration": 2}
            ]
          }]
        }
        "#,
    );
}

#[test]
fn unknown_animations_v55_including_child_armatures() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [
            {
              "name": "hero",
              "bone": [{"name": "root"}],
              "slot": [{"name": "weapon", "parent": "root", "actions": [{"gotoAndPlay": "swing"}]}],
                                                                                        ^^^^^^^ error[unknown-animation]: unknown animation `swing`: armature `sword` has no animation of this name (the action plays nothing)
              "skin": [{"slot": [{"name": "weapon", "display": [{"type": "armature", "path": "sword", "actions": [{"gotoAndPlay": "shine"}]}]}]}],
              "defaultActions": [{"gotoAndPlay": "Idle"}],
                                                 ^^^^^^ error[unknown-animation]: unknown animation `Idle`: armature `hero` has no animation of this name (the action plays nothing); did you mean `idle`?
              "animation": [{"name": "idle", "duration": 2, "frame": [{"duration": 2, "actions": [{"type": 0, "name": "idel"}]}]}]
                                                                                                                      ^^^^^^ error[unknown-animation]: unknown animation `idel`: armature `hero` has no animation of this name (the action plays nothing); did you mean `idle`?
            },
            {"name": "sword", "bone": [{"name": "root"}], "animation": [{"name": "shine", "duration": 1}]}
          ]
        }
        "#,
    );
}

/// An action of the main timeline aimed at a slot plays the slot's child armature (the runtime
/// buffers it there), one aimed at a bone plays the child armatures of its slots: their names
/// are checked against the child, or not at all.
#[test]
fn main_timeline_actions_aimed_at_a_slot_play_its_child_armature() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [
            {
              "name": "hero",
              "bone": [{"name": "root"}],
              "slot": [{"name": "weapon", "parent": "root"}],
              "skin": [{"slot": [{"name": "weapon", "display": [{"type": "armature", "path": "sword"}]}]}],
              "animation": [{"name": "idle", "duration": 2, "frame": [{"duration": 2, "actions": [
                {"name": "shine", "slot": "weapon"}, {"name": "shin", "slot": "weapon"},
                                                              ^^^^^^ error[unknown-animation]: unknown animation `shin`: armature `sword` has no animation of this name (the action plays nothing); did you mean `shine`?
                {"gotoAndPlay": "spin", "bone": "root"}
              ]}]}]
            },
            {"name": "sword", "bone": [{"name": "root"}], "animation": [{"name": "shine", "duration": 1}]}
          ]
        }
        "#,
    );
}

#[test]
fn play_actions_naming_a_slot_or_bone_play_child_armatures() {
    // On the armature's own timeline, `{type: 0, name, slot}` plays the slot's child armature (the
    // one it shows at its setup display); naming only a bone, those of the bone's slots, which
    // cannot be told apart here.
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [
            {
              "name": "hero",
              "bone": [{"name": "root"}],
              "slot": [{"name": "weapon", "parent": "root"}],
              "skin": [{"slot": [{"name": "weapon", "display": [{"type": 1, "name": "剣"}]}]}],
              "animation": [{"name": "idle", "duration": 2, "frame": [{"duration": 2, "actions": [
                {"type": 0, "name": "光る", "slot": "weapon"},
                {"type": 0, "name": "光らない", "slot": "weapon"},
                                    ^^^^^^ error[unknown-animation]: unknown animation `光らない`: armature `剣` has no animation of this name (the action plays nothing)
                {"gotoAndPlay": "光る", "bone": "root"},
                {"type": 0, "name": "idle"}
              ]}]}]
            },
            {"name": "剣", "bone": [{"name": "root"}], "animation": [{"name": "光る", "duration": 1}]}
          ]
        }
        "#,
    );
}

#[test]
fn unknown_displays_skins_and_constraints() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}, {"name": "leg", "parent": "root"}],
            "slot": [{"name": "body", "parent": "root"}],
            "skin": [{"slot": [{"name": "body", "display": [
              {"name": "body_mesh", "type": "mesh", "vertices": [0, 0, 1, 0, 0, 1], "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2]},
              {"name": "linked", "type": "mesh", "share": "body_msh"}
                                                          ^^^^^^^^^^ error[unknown-display]: unknown display `body_msh`: skin `default` has no display of this name for slot `body` (the runtime shows the file's first geometry instead); did you mean `body_mesh`?
            ]}]}],
            "ik": [{"name": "leg_ik", "bone": "leg", "target": "root"}],
            "animation": [{
              "name": "idle", "duration": 2,
              "ffd": [
                {"name": "body_mseh", "slot": "body", "frame": [{"duration": 2, "vertices": [1, 1]}]},
                         ^^^^^^^^^^^ error[unknown-display]: unknown display `body_mseh`: skin `default` has no display of this name for slot `body` (runtimes drop the timeline); did you mean `body_mesh`?
                {"name": "body_mesh", "skin": "defualt", "slot": "body", "frame": [{"duration": 2}]}
                                              ^^^^^^^^^ error[unknown-skin]: unknown skin `defualt`: armature `hero` has no skin of this name (runtimes drop the timeline); did you mean `default`?
              ],
              "ik": [{"name": "leg_kl", "frame": [{"duration": 2, "weight": 0.5}]}]
                              ^^^^^^^^ error[unknown-constraint]: unknown constraint `leg_kl`: armature `hero` has no constraint of this name (runtimes drop the timeline); did you mean `leg_ik`?
            }]
          }]
        }
        "#,
    );
}

#[test]
fn unknown_armatures_and_stage() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24, "stage": "heroo",
                                                                                                  ^^^^^^^ warning[unknown-armature]: unknown armature `heroo`: this file defines no armature of this name (runtimes use the first armature); did you mean `hero`?
          "armature": [
            {
              "name": "hero",
              "bone": [{"name": "root"}],
              "slot": [{"name": "weapon", "parent": "root"}],
              "skin": [{"slot": [{"name": "weapon", "display": [{"type": "armature", "path": "swrod"}]}]}]
                                                                                             ^^^^^^^ warning[unknown-armature]: unknown armature `swrod`: this file defines no armature of this name (the display stays empty: runtimes look in other loaded files only when the factory and that file's data have `autoSearch` on, and a debug build of the C++ runtime aborts when the display is in its armature's first skin); did you mean `sword`?
            },
            {"name": "sword", "bone": [{"name": "root"}]}
          ]
        }
        "#,
    );
}

#[test]
fn unknown_armature_v45_display_named_by_name() {
    check_diagnostics(
        "Knight.json",
        r#"
        {
          "name": "Knight", "version": "4.5", "frameRate": 24,
          "armature": [
            {
              "name": "knight",
              "bone": [{"name": "root"}],
              "slot": [{"name": "arm", "parent": "root"}],
              "skin": [{"name": "", "slot": [{"name": "arm", "display": [{"type": 1, "name": "knightFolder/armOutsid"}]}]}]
                                                                                             ^^^^^^^^^^^^^^^^^^^^^^^^ warning[unknown-armature]: unknown armature `knightFolder/armOutsid`: this file defines no armature of this name (the display stays empty: runtimes look in other loaded files only when the factory and that file's data have `autoSearch` on, and a debug build of the C++ runtime aborts when the display is in its armature's first skin); did you mean `knightFolder/armOutside`?
            },
            {"name": "knightFolder/armOutside", "bone": [{"name": "root"}]}
          ]
        }
        "#,
    );
}

const ATLAS: &str = r#"{"name": "hero", "imagePath": "hero_tex.png", "SubTexture": [
  {"name": "parts/head", "x": 0, "y": 0, "width": 10, "height": 10},
  {"name": "parts/body", "x": 10, "y": 0, "width": 10, "height": 10}
]}"#;

const SKELETON_WITH_TEXTURES: &str = r#"
    {
      "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
      "armature": [{
        "name": "hero",
        "bone": [{"name": "root"}],
        "slot": [{"name": "head", "parent": "root"}, {"name": "body", "parent": "root"}],
        "skin": [{"slot": [
          {"name": "head", "display": [{"name": "head", "path": "parts/haed"}]},
          {"name": "body", "display": [{"name": "parts/body"}, {"name": "parts/legs"}, {"type": "boundingBox", "name": "hit"}]}
        ]}]
      }]
    }
    "#;

#[test]
fn unknown_textures_against_the_ske_tex_pair() {
    check_diagnostics_with(
        "assets/hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "head", "parent": "root"}, {"name": "body", "parent": "root"}],
            "skin": [{"slot": [
              {"name": "head", "display": [{"name": "head", "path": "parts/haed"}]},
                                                                    ^^^^^^^^^^^^ warning[unknown-texture]: unknown texture `parts/haed`: atlas `hero_tex.json` has no SubTexture of this name (the display shows nothing); did you mean `parts/head`?
              {"name": "body", "display": [{"name": "parts/body"}, {"name": "parts/legs"}, {"type": "boundingBox", "name": "hit"}]}
                                                                            ^^^^^^^^^^^^ warning[unknown-texture]: unknown texture `parts/legs`: atlas `hero_tex.json` has no SubTexture of this name (the display shows nothing); did you mean `parts/head`?
            ]}]
          }]
        }
        "#,
        &[("assets/hero_tex.json", ATLAS)],
    );
}

#[test]
fn unknown_textures_v45_against_an_atlas_found_by_name() {
    check_diagnostics_with(
        "assets/Hero.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "head", "parent": "root"}],
            "skin": [{"name": "", "slot": [{"name": "head", "display": [{"name": "parts/head"}, {"name": "parts/hat"}]}]}]
                                                                                                         ^^^^^^^^^^^ warning[unknown-texture]: unknown texture `parts/hat`: atlas `texture.json` has no SubTexture of this name (the display shows nothing); did you mean `parts/head`?
          }]
        }
        "#,
        &[("assets/texture.json", ATLAS), ("assets/other_tex.json", r#"{"name": "other", "SubTexture": []}"#)],
    );
}

#[test]
fn no_atlas_means_no_texture_diagnostics() {
    let text = support::trim_indent(SKELETON_WITH_TEXTURES);
    let unrelated = r#"{"name": "someone_else", "imagePath": "x.png", "SubTexture": []}"#;
    for files in [vec![], vec![("assets/texture.json", unrelated)]] {
        let analysis = analyse("assets/hero_ske.json", &text, &files);
        assert!(analysis.diagnostics.is_empty(), "{:?}", analysis.diagnostics);
    }
}

#[test]
fn duplicate_names_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [
            {
              "name": "hero",
              "bone": [{"name": "root"}, {"name": "root"}],
                                                  ^^^^^^ error[duplicate-name]: duplicate bone name `root` in armature `hero`: already used on line 6; runtimes keep the first and drop this one
              "slot": [{"name": "s", "parent": "root"}, {"name": "s", "parent": "root"}],
                                                                 ^^^ error[duplicate-name]: duplicate slot name `s` in armature `hero`: already used on line 7; runtimes keep the first and drop this one
              "skin": [{"name": ""}, {"name": "default"}],
                                              ^^^^^^^^^ error[duplicate-name]: duplicate skin name `default` in armature `hero`: already used on line 8; runtimes keep the first and drop this one
              "ik": [{"name": "ik", "bone": "root", "target": "root"}, {"name": "ik", "bone": "root", "target": "root"}],
                                                              ^^^^^^ error[ik-cycle]: IK constraint `ik` targets `root`, the bone it turns: the runtime waits for the target while sorting bones and never finishes (it hangs)
                                                                                ^^^^ error[duplicate-name]: duplicate constraint name `ik` in armature `hero`: already used on line 9; runtimes keep the first and drop this one
              "animation": [{"name": "idle"}, {"name": "idle"}]
                                                       ^^^^^^ error[duplicate-name]: duplicate animation name `idle` in armature `hero`: already used on line 10; runtimes keep the first and drop this one
            },
            {"name": "hero"}
                     ^^^^^^ error[duplicate-name]: duplicate armature name `hero`: already used on line 5; runtimes keep the first and drop this one
          ]
        }
        "#,
    );
}

#[test]
fn duplicate_names_v55_and_atlas() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.5", "compatibleVersion": "5.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}, {"name": "arm", "parent": "root"}, {"name": "arm", "parent": "root"}],
                                                                                   ^^^^^ error[duplicate-name]: duplicate bone name `arm` in armature `hero`: already used on line 5; runtimes keep the first and drop this one
            "slot": [{"name": "path", "parent": "root"}],
            "ik": [{"name": "arm_c", "bone": "arm", "target": "root"}],
            "path": [{"name": "arm_c", "target": "path", "bones": ["arm"]}],
                              ^^^^^^^ error[duplicate-name]: duplicate constraint name `arm_c` in armature `hero`: already used on line 7; runtimes keep the first and drop this one
            "animation": [{"duration": 1}, {"name": "default", "duration": 1}]
                                                    ^^^^^^^^^ error[duplicate-name]: duplicate animation name `default` in armature `hero`: already used on line 9; runtimes keep the first and drop this one
          }]
        }
        "#,
    );
}

#[test]
fn duplicate_sub_textures() {
    check_diagnostics(
        "hero_tex.json",
        r#"
        {"name": "hero", "imagePath": "hero_tex.png", "SubTexture": [
          {"name": "parts/head", "x": 0, "y": 0, "width": 10, "height": 10},
          {"name": "parts/head", "x": 10, "y": 0, "width": 10, "height": 10}
                   ^^^^^^^^^^^^ error[duplicate-name]: duplicate texture name `parts/head`: already used on line 2; runtimes keep the first and drop this one
        ]}
        "#,
    );
}

#[test]
fn parent_cycles() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [
              {"name": "root"},
              {"name": "self", "parent": "self"},
                                         ^^^^^^ error[parent-cycle]: bone `self` is its own parent: runtimes hang sorting the bones
              {"name": "a", "parent": "c"},
                                      ^^^ error[parent-cycle]: bone `a` is its own ancestor (a → c → b → a): runtimes hang sorting the bones
              {"name": "b", "parent": "a"},
                                      ^^^ error[parent-cycle]: bone `b` is its own ancestor (b → a → c → b): runtimes hang sorting the bones
              {"name": "c", "parent": "b"},
                                      ^^^ error[parent-cycle]: bone `c` is its own ancestor (c → b → a → c): runtimes hang sorting the bones
              {"name": "d", "parent": "c"}
            ]
          }]
        }
        "#,
    );
}

#[test]
fn parent_cycles_v55_minified() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {"name":"hero","version":"5.5","compatibleVersion":"5.5","frameRate":24,"armature":[{"name":"hero","bone":[{"name":"a","parent":"b"},{"name":"b","parent":"a"}]}]}
                                                                                                                                        ^^^ error[parent-cycle]: bone `a` is its own ancestor (a → b → a): runtimes hang sorting the bones
                                                                                                                                                                  ^^^ error[parent-cycle]: bone `b` is its own ancestor (b → a → b): runtimes hang sorting the bones
        "#,
    );
}

#[test]
fn early_45_ik_without_bone_is_a_legacy_warning_and_not_in_50() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}, {"name": "calf", "parent": "root"}],
            "ik": [{"name": "calf", "target": "root"}, {"name": "nothing", "target": "root"}]
                    ^^^^^^ warning[legacy-ik]: IK constraint `calf` names its bone in `name` and has no `bone` (an early 4.x export style): DragonBonesJS 5.x and the current C++ and C# runtimes drop it, so the chain no longer follows its target
                                                        ^^^^^^^^^^^^^^^^^ error[missing-key]: IK constraint `nothing` has no `bone`: runtimes drop it
          }]
        }
        "#,
    );
}

#[test]
fn ik_without_bone_in_50_data() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "5.0", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}, {"name": "calf", "parent": "root"}],
            "ik": [{"name": "calf", "target": "root"}]
                    ^^^^^^^^^^^^^^ warning[missing-key]: IK constraint `calf` has no `bone`: current runtimes drop it (only 4.5 data may name the bone in `name`); add `"bone": "calf"`
          }]
        }
        "#,
    );
}

#[test]
fn legacy_23_timelines_name_bones_or_slots() {
    check_diagnostics(
        "skeleton.json",
        r#"
        {
          "name": "Dragon", "version": 2.3, "frameRate": 24,
                                       ^^^ warning[legacy-version]: data version 2.3 is rejected by current runtimes (DragonBonesJS 5.1 and later, C++, C#): upgrade it to 5.5 with `rigls upgrade` or the quick fix
          "armature": [{
            "name": "Dragon",
            "bone": [{"name": "body"}, {"name": "head", "parent": "bdy"}],
                                                                  ^^^^^ error[unknown-bone]: unknown bone `bdy`: armature `Dragon` has no bone of this name (the bone becomes a root bone); did you mean `body`?
            "skin": [{"name": 0, "slot": [
              {"name": "head", "parent": "head", "z": 0, "display": [{"name": "parts/head", "type": "image", "transform": {"pX": 10, "pY": 12}}]},
              {"name": "eye", "parent": "haed", "z": 1, "display": []}
                                        ^^^^^^ error[unknown-bone]: unknown bone `haed`: armature `Dragon` has no bone of this name (building the armature throws); did you mean `head`?
            ]}],
            "animation": [{
              "name": "walk", "duration": 2, "loop": 0,
              "timeline": [{"name": "head", "frame": [{"duration": 2}]}, {"name": "eye", "frame": [{"duration": 2}]}, {"name": "tail", "frame": [{"duration": 2}]}]
                                                                                                                               ^^^^^^ error[unknown-bone]: unknown bone `tail`: armature `Dragon` has no bone or slot of this name (runtimes drop the timeline)
            }]
          }]
        }
        "#,
    );
}

#[test]
fn textures_may_be_in_any_atlas_of_the_same_name() {
    check_diagnostics_with(
        "assets/Hero.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "head", "parent": "root"}],
            "skin": [{"slot": [{"name": "head", "display": [{"name": "parts/head"}, {"name": "parts/hat"}, {"name": "parts/legs"}]}]}]
                                                                                                                    ^^^^^^^^^^^^ warning[unknown-texture]: unknown texture `parts/legs`: none of the atlases `hero_sd_tex.json`, `hero_texture_1.json` has a SubTexture of this name (the display shows nothing); did you mean `parts/head`?
          }]
        }
        "#,
        &[
            ("assets/hero_texture_1.json", ATLAS),
            (
                "assets/hero_sd_tex.json",
                r#"{"name": "hero", "imagePath": "sd.png", "SubTexture": [{"name": "parts/hat"}]}"#,
            ),
        ],
    );
}

#[test]
fn unknown_displays_and_skins_v45() {
    check_diagnostics(
        "hero_ske.json",
        r#"
        {
          "name": "hero", "version": "4.5", "frameRate": 24,
          "armature": [{
            "name": "hero",
            "bone": [{"name": "root"}],
            "slot": [{"name": "body", "parent": "root"}, {"name": "cape", "parent": "root"}],
            "skin": [{"name": "", "slot": [{"name": "body", "display": [{"name": "body_mesh", "type": "mesh", "vertices": [0, 0], "uvs": [0, 0], "triangles": []}]}]}],
            "animation": [{
              "name": "idle", "duration": 1,
              "ffd": [
                {"name": "bodymesh", "skin": "", "slot": "body", "frame": [{"duration": 1}]},
                         ^^^^^^^^^^ error[unknown-display]: unknown display `bodymesh`: skin `default` has no display of this name for slot `body` (runtimes drop the timeline); did you mean `body_mesh`?
                {"name": "body_mesh", "skin": "red", "slot": "body", "frame": [{"duration": 1}]},
                                              ^^^^^ error[unknown-skin]: unknown skin `red`: armature `hero` has no skin of this name (runtimes drop the timeline)
                {"name": "cape_mesh", "skin": "", "slot": "cape", "frame": [{"duration": 1}]}
                         ^^^^^^^^^^^ error[unknown-display]: unknown display `cape_mesh`: skin `default` lists no displays for slot `cape` (runtimes drop the timeline)
              ]
            }]
          }]
        }
        "#,
    );
}

#[test]
fn an_atlas_paired_by_file_name_with_another_name_is_a_warning() {
    let atlas =
        r#"{"name": "ゆうしゃ", "imagePath": "勇者_tex.png", "SubTexture": [{"name": "頭", "width": 4, "height": 4}]}"#;
    check_diagnostics_with(
        "assets/勇者_ske.json",
        r#"
        {
          "name": "勇者", "version": "5.5", "compatibleVersion": "5.5",
                  ^^^^ warning[atlas-name-mismatch]: the paired atlas `勇者_tex.json` is named `ゆうしゃ`, not `勇者`: runtimes look this skeleton's textures up under `勇者` and find none of that atlas's (give both the same `name`)
          "armature": [{"name": "勇者", "bone": [{"name": "root"}], "slot": [{"name": "s", "parent": "root"}],
            "skin": [{"slot": [{"name": "s", "display": [{"name": "頭"}]}]}]}]
        }
        "#,
        &[("assets/勇者_tex.json", atlas)],
    );
    // The related information points at the atlas's `name`, in the atlas file; with CRLF and a BOM.
    let text = format!(
        "\u{feff}{}",
        support::trim_indent(
            r#"
        {
          "name": "勇者", "version": "5.5",
          "armature": [{"name": "勇者", "bone": [{"name": "root"}], "slot": [{"name": "s", "parent": "root"}],
            "skin": [{"slot": [{"name": "s", "display": [{"name": "頭"}]}]}]}]
        }
        "#
        )
        .replace('\n', "\r\n")
    );
    let analysis = analyse("assets/勇者_ske.json", &text, &[("assets/勇者_tex.json", atlas)]);
    let [d] = &analysis.diagnostics[..] else { panic!("{:?}", analysis.diagnostics) };
    assert_eq!(&text[d.range.start as usize..d.range.end as usize], "\"勇者\"");
    let [related] = &d.related[..] else { panic!("{:?}", d.related) };
    assert_eq!(related.file.as_deref().and_then(|f| f.file_name()).and_then(|f| f.to_str()), Some("勇者_tex.json"));
    assert_eq!(&atlas[related.range.start as usize..related.range.end as usize], "\"ゆうしゃ\"");
    assert_eq!(related.message, "`勇者_tex.json` is named `ゆうしゃ` here");
    // Atlases found by `name` (not by file name) match by construction; the same name is no warning.
    let same = atlas.replace("ゆうしゃ", "勇者");
    assert!(analyse("assets/勇者_ske.json", &text, &[("assets/勇者_tex.json", &same)]).diagnostics.is_empty());
}

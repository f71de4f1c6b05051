//! The view editor's fields: parsing, errors at their field, the last valid view kept.

use super::*;

#[test]
fn default_form_is_a_row_major_matrix() {
    let view = ViewForm::default().parse().unwrap();
    assert_eq!(view.shape(), &[3, 4]);
    assert!(view.is_contiguous());
}

#[test]
fn blank_strides_are_row_major_and_blank_masks_full() {
    let mut editor = ViewEditor::default();
    editor.add_dim();
    assert!(editor.is_valid(), "{:?}", editor.errors());
    assert_eq!(editor.view().shape(), &[3, 4, 2]);
    assert_eq!(editor.view().strides(), &[8, 2, 1]);
    assert_eq!(editor.view().mask(), None);
}

#[test]
fn strides_nobody_typed_follow_the_sizes_and_typed_ones_stay_until_made_contiguous() {
    let mut editor = ViewEditor::default();
    assert!(!editor.has_typed_strides());
    editor.set_field(0, RowField::Shape, "3");
    editor.set_field(1, RowField::Shape, "2");
    assert_eq!(editor.view().strides(), &[2, 1]);
    assert_eq!(editor.form().to_query(), "shape=3,2");
    editor.set_field(0, RowField::Stride, "1");
    editor.set_field(1, RowField::Stride, "3");
    editor.set_field(1, RowField::Shape, "5");
    assert_eq!(editor.view().strides(), &[1, 3], "typed strides stay");
    assert!(editor.has_typed_strides());
    editor.make_contiguous();
    assert_eq!(editor.view().strides(), &[5, 1]);
    assert!(!editor.has_typed_strides());
}

#[track_caller]
fn check_error(row: usize, field: RowField, text: &str, expect: &str) {
    let mut editor = ViewEditor::default();
    editor.set_field(0, RowField::Stride, "5");
    let kept = editor.view().clone();
    editor.set_field(row, field, text);
    assert_eq!(editor.view(), &kept, "the last valid view stays");
    let message = editor
        .error_at(Some(row), Some(field))
        .unwrap_or_else(|| panic!("no error at {row} {field:?}: {:?}", editor.errors()));
    assert!(
        message.to_string().contains(expect),
        "{message:?} lacks {expect:?}"
    );
}

#[test]
fn bad_input_is_placed_at_its_field() {
    check_error(0, RowField::Shape, "3x", "whole number or a name like N");
    check_error(1, RowField::Shape, "-2", "negative");
    check_error(1, RowField::Stride, "1.5", "whole number");
    check_error(0, RowField::Shape, "9223372036854775808", "64 bits");
    check_error(1, RowField::MaskEnd, "9", "0 <= begin <= end <= 4");
    check_error(1, RowField::MaskBegin, "-1", "0 <= begin");
    check_error(0, RowField::Shape, "", "empty");
}

#[test]
fn offset_errors_and_recovery() {
    let mut editor = ViewEditor::default();
    editor.set_offset("x");
    assert!(editor.error_at(None, None).is_some());
    editor.set_offset("7");
    assert!(editor.is_valid());
    assert_eq!(editor.view().offset(), 7);
}

#[test]
fn rows_can_be_removed_and_reordered() {
    let mut editor = ViewEditor::default();
    editor.set_field(0, RowField::Stride, "4");
    editor.set_field(1, RowField::Stride, "1");
    editor.move_up(1);
    assert_eq!(editor.view().shape(), &[4, 3]);
    assert_eq!(editor.view().strides(), &[1, 4]);
    editor.remove_dim(0);
    assert_eq!(editor.view().shape(), &[3]);
}

#[test]
fn pasting_a_tinygrad_view_loads_it_or_says_why_not() {
    let mut editor = ViewEditor::default();
    editor.set_paste(
        "View(shape=(2, 3), strides=(1, 2), offset=1, mask=((0, 2), (1, 3)), contiguous=False)",
    );
    assert_eq!(editor.paste_error(), None);
    assert_eq!(editor.view().strides(), &[1, 2]);
    assert_eq!(editor.view().mask(), Some(&[(0, 2), (1, 3)][..]));
    assert_eq!(editor.form().dims[1].mask_begin, "1");
    let kept = editor.view().clone();
    editor.set_paste("View(shape=(2, 3), strides=(1,))");
    assert!(editor
        .paste_error()
        .unwrap()
        .to_string()
        .contains("strides lists 1 values"));
    assert_eq!(editor.view(), &kept);
    editor.set_paste(&"x".repeat(10_000));
    assert!(editor.paste().chars().count() <= MAX_INPUT_CHARS + 1);
    assert!(editor
        .paste_error()
        .unwrap()
        .to_string()
        .contains("at most 4096"));
}

#[test]
fn a_named_size_binds_to_its_slider_value() {
    let mut editor = ViewEditor::default();
    editor.set_field(0, RowField::Stride, "");
    editor.set_field(1, RowField::Stride, "");
    editor.set_field(0, RowField::Shape, "N");
    assert!(editor.is_valid(), "{:?}", editor.errors());
    assert_eq!(editor.view().shape(), &[4, 4], "N starts bound to 4");
    editor.set_symbol("N", SymbolPart::Value, "7").unwrap();
    assert_eq!(editor.view().shape(), &[7, 4]);
    assert!(editor.set_symbol("N", SymbolPart::Value, "99").is_err());
    editor.set_symbol("N", SymbolPart::Max, "5").unwrap();
    assert_eq!(
        editor.view().shape(),
        &[5, 4],
        "the value follows the range"
    );
    let sym = editor.symbolic_view().unwrap();
    assert_eq!(
        sym.to_string(),
        "SymView(shape=(N, 4), strides=(4, 1), offset=0)"
    );
    let query = editor.form().to_query();
    assert!(query.contains("sym=N:1:5:5"), "{query}");
    assert_eq!(&ViewForm::from_query(&query), editor.form());
    editor.set_field(0, RowField::Shape, "3");
    assert!(!editor.has_symbols(), "unused names are dropped");
    editor.set_field(0, RowField::Shape, "2x");
    assert!(editor
        .error_at(Some(0), Some(RowField::Shape))
        .unwrap()
        .to_string()
        .contains("a name like N"));
}

#[test]
fn query_round_trip() {
    let mut editor = ViewEditor::default();
    editor.set_field(0, RowField::Stride, "4");
    editor.set_field(1, RowField::Stride, "1");
    editor.set_field(1, RowField::MaskBegin, "1");
    editor.set_offset("-2");
    editor.add_dim();
    let query = editor.form().to_query();
    assert_eq!(query, "shape=3,4,2&strides=4,1,&offset=-2&mask=:,1:,:");
    assert_eq!(&ViewForm::from_query(&query), editor.form());
    let hostile = "shape=%3Cimg%20src%3Dx%3E,4&mask=%ZZ";
    let form = ViewForm::from_query(hostile);
    assert_eq!(form.dims[0].shape, "<img src=x>");
    assert!(form.parse().is_err());
    assert_eq!(ViewForm::from_query(""), ViewForm::default());
}

// cairo's PDF surface and its FreeType font faces (made from fontconfig
// patterns naming a file and face index). Called only from
// Sources/Document/CairoBinding.swift.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>

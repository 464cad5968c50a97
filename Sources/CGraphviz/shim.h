// Includes the installed Graphviz headers (cgraph for graphs, gvc for layout and rendering).
// Headers are never vendored: pkg-config's -I flag points at the system copy.
#ifndef CGRAPHVIZ_SHIM_H
#define CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <graphviz/graphviz_version.h>
#endif

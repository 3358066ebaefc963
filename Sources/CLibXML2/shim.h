// Debian builds libxml2 with ICU, so encoding.h pulls in ICU's <unicode/ucnv.h>. Those
// headers collide with the copy of ICU inside Foundation (`_FoundationICU`) wherever a
// Swift file of the same module imports Foundation. The tool never touches the ICU
// members of libxml2's encoding handler (it only uses pointers to it), so the ICU part
// of the headers is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

//go:build desktop && (production || dev) && linux

package main

/*
#cgo pkg-config: gtk+-3.0
#include <gtk/gtk.h>

// The Wails handler, connected before this one, has already sent the
// dropped paths on. Finishing the drop here keeps WebKit from opening the
// dropped file in place of the app, which it does when the drop is left
// unhandled (Wails v2 on Linux returns FALSE from its handler).
static gboolean lexflowDropHandled(GtkWidget *w, GdkDragContext *ctx, gint x, gint y, guint time, gpointer data) {
	gtk_drag_finish(ctx, TRUE, FALSE, time);
	return TRUE;
}

static GtkWidget *lexflowFindWebView(GtkWidget *w) {
	if (g_strcmp0(G_OBJECT_TYPE_NAME(w), "WebKitWebView") == 0) return w;
	if (!GTK_IS_CONTAINER(w)) return NULL;
	GList *children = gtk_container_get_children(GTK_CONTAINER(w));
	GtkWidget *found = NULL;
	for (GList *c = children; c != NULL && found == NULL; c = c->next) found = lexflowFindWebView(GTK_WIDGET(c->data));
	g_list_free(children);
	return found;
}

static gboolean lexflowHookDrops(gpointer unused) {
	GList *tops = gtk_window_list_toplevels();
	for (GList *t = tops; t != NULL; t = t->next) {
		GtkWidget *wv = lexflowFindWebView(GTK_WIDGET(t->data));
		if (wv != NULL) g_signal_connect(wv, "drag-drop", G_CALLBACK(lexflowDropHandled), NULL);
	}
	g_list_free(tops);
	return G_SOURCE_REMOVE;
}

static void lexflowKeepDropsInTheApp(void) { g_idle_add(lexflowHookDrops, NULL); }
*/
import "C"

// keepDropsInTheApp makes a file dropped on the window reach the app only as
// paths (see library/nativeDrop.ts), never as a page WebKit opens instead of
// the app. It runs on the GTK main loop once the window exists.
func keepDropsInTheApp() { C.lexflowKeepDropsInTheApp() }
